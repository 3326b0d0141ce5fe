/**
 * Copies `text` to the clipboard. Returns false when the Clipboard API is missing (plain http
 * on a host other than localhost) or refused; the caller then selects `fallback` so that
 * Ctrl+C copies it.
 */
export async function copyText(text: string, fallback: HTMLElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const selection = window.getSelection();
    if (fallback instanceof HTMLInputElement) fallback.select();
    else selection?.selectAllChildren(fallback);
    return false;
  }
}
