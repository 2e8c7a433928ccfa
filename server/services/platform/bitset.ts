/** A fixed-size set of small integers (positions in a listing), 1 bit each. */
export class Bitset {
  private readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array(Math.ceil(size / 32));
  }

  add(index: number): void {
    const word = index >>> 5;
    this.words[word] = (this.words[word] ?? 0) | (1 << (index & 31));
  }

  has(index: number): boolean {
    return ((this.words[index >>> 5] ?? 0) & (1 << (index & 31))) !== 0;
  }

  isEmpty(): boolean {
    return this.words.every((w) => w === 0);
  }
}
