/**
 * The structures a process holds in memory (search's card store, name and description indexes, listings' area
 * indexes) are read from the database as texts, a chunk of products at a time by product id (decision 076). One
 * statement for the whole catalogue answered one text of 5–25 MB at 100k products, and the embedded database's
 * WebAssembly memory grows to about four and a half times the largest result it has made and never shrinks: +160 MB
 * resident for the rest of the process's life, ten times that at 1M products. A chunk's text is a few megabytes.
 */
let chunkSize = 10_000;

/** Tests: the loads read `size` products a statement, so a test catalogue is read in several chunks. Gives the undo. */
export function useChunkSize(size: number): () => void {
  const before = chunkSize;
  chunkSize = size;
  return () => {
    chunkSize = before;
  };
}

/** What a chunk's statement says of the products it read: how many, and the last (highest) id among them. */
export interface ChunkRead {
  count: number;
  last: number | null;
}

/**
 * A structure's texts run about as long as the structure weighs (1 to 1.2 bytes a character at 100k products):
 * reading stops once they pass its budget by half, rather than build a structure only to find it too heavy to keep
 * (at 1M products every search structure is; decision 076).
 */
const charsPerBudgetByte = 1.5;

/**
 * Reads the catalogue's products in chunks by id: `read(after, limit)` reads up to `limit` products whose id is above
 * `after` (ids are positive), in id order. Stops at a chunk shorter than `limit`, so a catalogue of fewer products
 * than a chunk costs one statement, as before. With `budget`, false once the chunks' texts passed it (the structure
 * would be too heavy to keep), else true.
 */
export async function readInChunks(
  /** Reads a chunk; `chars`: the length of the text it read. */
  read: (after: number, limit: number) => Promise<ChunkRead & { chars: number }>,
  limit: number = chunkSize,
  budget: number = Infinity,
): Promise<boolean> {
  let after = 0;
  let chars = 0;
  for (;;) {
    const chunk = await read(after, limit);
    chars += chunk.chars;
    if (chars > budget * charsPerBudgetByte) return false;
    if (chunk.count < limit || chunk.last === null) return true;
    after = chunk.last;
  }
}
