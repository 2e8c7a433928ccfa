/**
 * Sorted lists of product indexes read forward, united and intersected lazily: a search wants only the first 300 of a
 * query's matches offered in its area, and at 1M products a common description word's postings hold 100,000 of them.
 * Materialising every operand, union and intersection cost most of a cold search's CPU there; cursors stop at the
 * 300th. Each `seek(target)` moves to the first value ≥ target and returns it, or `end` when there is none.
 */
export const end = 0x7fffffff;

export interface Cursor {
  seek(target: number): number;
  /** At most how many values it yields: an intersection seeks its smallest first. */
  readonly size: number;
}

/** One sorted list; seeks gallop (1, 2, 4… then a binary search), so a short list against a long one costs its length × log. */
export class ListCursor implements Cursor {
  private at = 0;
  readonly size: number;
  constructor(private readonly list: Int32Array) {
    this.size = list.length;
  }

  seek(target: number): number {
    const list = this.list;
    let low = this.at;
    if (low >= list.length) return end;
    if ((list[low] ?? end) >= target) return list[low] ?? end;
    let step = 1;
    let high = low + 1;
    while (high < list.length && (list[high] ?? end) < target) {
      low = high;
      step *= 2;
      high = low + step;
    }
    high = Math.min(high, list.length);
    // list[low] < target; the first value ≥ target is in (low, high].
    while (low + 1 < high) {
      const middle = (low + high) >> 1;
      if ((list[middle] ?? end) < target) low = middle;
      else high = middle;
    }
    this.at = high;
    return high < list.length ? (list[high] ?? end) : end;
  }
}

/** Values in any of the cursors: a min-heap of them by their current value, so a prefix's hundred lexemes cost log each. */
export class UnionCursor implements Cursor {
  private readonly heap: { cursor: Cursor; value: number }[];
  readonly size: number;
  constructor(cursors: readonly Cursor[]) {
    this.heap = cursors.map((cursor) => ({ cursor, value: -1 }));
    this.size = cursors.reduce((sum, cursor) => sum + cursor.size, 0);
  }

  seek(target: number): number {
    const heap = this.heap;
    for (;;) {
      const top = heap[0];
      if (top === undefined) return end;
      if (top.value >= target) return top.value;
      top.value = top.cursor.seek(target);
      if (top.value === end) {
        const last = heap.pop();
        if (last === undefined || heap.length === 0) return end;
        if (last !== top) heap[0] = last;
      }
      this.siftDown();
    }
  }

  private siftDown(): void {
    const heap = this.heap;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if ((heap[left]?.value ?? end + 1) < (heap[least]?.value ?? end + 1)) least = left;
      if ((heap[right]?.value ?? end + 1) < (heap[least]?.value ?? end + 1)) least = right;
      if (least === i) return;
      const a = heap[i];
      const b = heap[least];
      if (a === undefined || b === undefined) return;
      heap[i] = b;
      heap[least] = a;
      i = least;
    }
  }
}

/**
 * Values in every cursor (leapfrog): each seeks the largest value any other is at, until all agree; the smallest
 * first, so the rarest word proposes and the common ones only answer.
 */
export class IntersectionCursor implements Cursor {
  private readonly cursors: readonly Cursor[];
  readonly size: number;
  constructor(cursors: readonly Cursor[]) {
    this.cursors = [...cursors].sort((a, b) => a.size - b.size);
    this.size = this.cursors[0]?.size ?? 0;
  }

  seek(target: number): number {
    const cursors = this.cursors;
    if (cursors.length === 0) return end;
    let value = target;
    let agreed = 0;
    for (let i = 0; agreed < cursors.length; i = (i + 1) % cursors.length) {
      const found = cursors[i]?.seek(value) ?? end;
      if (found === end) return end;
      if (found === value) agreed += 1;
      else {
        value = found;
        agreed = 1;
      }
    }
    return value;
  }
}

/**
 * A set of product indexes as bits, for a word in many products (descriptions' common words at 1M products): a seek
 * reads the word of 32 bits holding its target, where a list would binary-search among 100,000 postings.
 */
export class BitsetCursor implements Cursor {
  constructor(
    private readonly bits: Uint32Array,
    readonly size: number,
  ) {}

  /** The bits of a sorted list of indexes below `count`. */
  static bitsOf(list: Int32Array, count: number): Uint32Array {
    const bits = new Uint32Array((count + 31) >>> 5);
    for (const value of list) bits[value >>> 5] = (bits[value >>> 5] ?? 0) | (1 << (value & 31));
    return bits;
  }

  seek(target: number): number {
    const bits = this.bits;
    let word = target >>> 5;
    if (word >= bits.length) return end;
    // The target's word without the bits below it, then the next words until one has a bit.
    let rest = ((bits[word] ?? 0) >>> (target & 31)) << (target & 31);
    while (rest === 0) {
      word += 1;
      if (word >= bits.length) return end;
      rest = bits[word] ?? 0;
    }
    // The lowest bit set: 31 − the leading zeros of it alone.
    return (word << 5) + 31 - Math.clz32(rest & -rest);
  }
}
