// s3rver ships no types; this declares only the part of its API the storage tests and the scale test use.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  class S3rver {
    constructor(options: S3rverOptions);
    /** Makes the configured buckets (run() does it before listening). */
    configureBuckets(): Promise<void>;
    /** Makes the buckets and listens on options.address/port (0: a free one): the scale test's stand-alone store. */
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
    /** Koa's request handler: the whole S3 API, for a server of one's own. */
    callback(): (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<void>;
  }
  export default S3rver;
}
