// Large answers between the service and a rules worker cross the channel in pieces, each made when
// the other side asks for it, so neither a load's records nor a check's lines in force are made on
// the serving thread in one piece (docs/rules.md#where-rules-are-compiled).

export interface Piece<T> {
  readonly items: T[];
  /** The iterator is exhausted: no piece follows. */
  readonly done: boolean;
}

/** The next `count` items of `items` (fewer at its end). */
export function takePiece<T>(items: Iterator<T>, count: number): Piece<T> {
  const piece: T[] = [];
  while (piece.length < count) {
    const next = items.next();
    if (next.done === true) return { items: piece, done: true };
    piece.push(next.value);
  }
  return { items: piece, done: false };
}
