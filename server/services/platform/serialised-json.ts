/**
 * A JSON value serialised once and sent many times (decision 063): its text, and what HTTP derives from the text
 * (its ETag, each encoding's compressed bytes), each made on first use and kept with it. Sending it then costs no
 * serialisation, hashing or compression — on a listing page most of its CPU (about 0.2 ms to serialise, 1 ms to
 * compress). server/http/serialised-reply.ts sends it; this holds no HTTP rule, so services may keep it.
 */
export class SerialisedJson {
  readonly body: string;
  private etag: string | undefined;
  private readonly encodings = new Map<string, Buffer>();

  constructor(value: unknown) {
    this.body = JSON.stringify(value);
  }

  /**
   * Its weight in a cache's budget, fixed when it is stored: the text, and half again for the encodings it may come
   * to hold (compressed JSON is well under a quarter of its text, and two encodings are made at most).
   */
  get bytes(): number {
    return Math.ceil(Buffer.byteLength(this.body, 'utf8') * 1.5);
  }

  /** The text's tag, made by `make` the first time. */
  tag(make: (body: string) => string): string {
    this.etag ??= make(this.body);
    return this.etag;
  }

  /** The text in `encoding`, compressed by `compress` the first time. */
  encoded(encoding: string, compress: (body: string) => Buffer): Buffer {
    let buffer = this.encodings.get(encoding);
    if (!buffer) {
      buffer = compress(this.body);
      this.encodings.set(encoding, buffer);
    }
    return buffer;
  }
}
