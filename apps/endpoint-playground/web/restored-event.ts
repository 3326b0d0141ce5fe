/**
 * Fired on the form after the page script fills it (start, an example, a shared link): the
 * catalogue panel then shows the fields of the operation the form names, or hides them.
 */
export const RESTORED_EVENT = 'playground-restored';
