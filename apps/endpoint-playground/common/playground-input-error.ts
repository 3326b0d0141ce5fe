/**
 * Input the playground cannot turn into request options: bad JSON, a field of the wrong type,
 * or input the library rejects. The API answers it with 400; the page shows the same answer.
 */
export class PlaygroundInputError extends Error {
  override readonly name: string = 'PlaygroundInputError';
}
