import { EventEmitter } from 'node:events';
import { protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * node-postgres's connection to the embedded database, as PGlite's own `createPgConfig` gives it, with one change:
 * the messages of one extended query (Parse, Bind, Describe, Execute, Sync) reach PGlite as one buffer instead of
 * five calls. Why: each call into PGlite runs its whole protocol loop (a queue hop, the WebAssembly entry and exit,
 * buffer resets, a file-system sync check); a keyed read paid that five times (issue 15, decision 029). PGlite's
 * loop already reads several messages from one buffer, as a socket would hand them over.
 *
 * Messages are held until pg ends a batch (Sync, Flush, a simple Query, COPY data) and sent together, in order, on
 * one queue; what PGlite answers is emitted as pg's own connection would.
 *
 * pg's Connection is not public API: its Client and Query call its methods and read and write its fields (the
 * statement caches, _connecting, stream), which this class must mirror. Neither pg nor PGlite offers a public way to
 * batch the messages, so the coupling is kept and guarded instead (decision 035): tests/server/pglite-wire.test.ts
 * reads the installed pg's Client and Query and fails, naming the member, when an upgrade uses one this class lacks.
 */
export class PgliteWire extends EventEmitter {
  readonly #pglite: PGlite;
  #queue: Promise<void>;
  #pending: Uint8Array[] = [];
  #emitMessage = false;

  // Read by pg's Client: named statements this connection already parsed (PGlite's session keeps them).
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  // Checked by pg's Client.end(), which skips connection.end() without it.
  _connecting = false;
  // pg's Client.end() destroys the stream when a query is still active.
  readonly stream = { destroy: () => this.end() };

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.on('newListener', (eventName) => {
      if (eventName === 'message') this.#emitMessage = true;
    });
    this.#queue = pglite.waitReady;
  }

  #hold(message: Uint8Array): void {
    this.#pending.push(message);
  }

  /** Sends what is held (and `last`) as one buffer. */
  #send(last?: Uint8Array): void {
    if (last) this.#pending.push(last);
    const parts = this.#pending;
    if (parts.length === 0) return;
    this.#pending = [];
    const buffer = parts.length === 1 ? (parts[0] ?? new Uint8Array(0)) : concat(parts);
    this.#queue = this.#queue
      .then(() => this.#pglite.execProtocolStream(buffer, { throwOnError: false, syncToFs: false }))
      .then((messages) => {
        for (const m of messages) {
          if (this.#emitMessage) this.emit('message', m);
          // node-postgres expects ErrorResponse as 'errorMessage'.
          this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
        }
      })
      .catch((error: unknown) => {
        this.emit('error', error);
      });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // No TLS, start-up, cancel or password on an embedded database.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  sendSASLInitialResponseMessage(mechanism: string, initialResponse: string): void {
    this.#send(serialize.sendSASLInitialResponseMessage(mechanism, initialResponse));
  }

  sendSCRAMClientFinalMessage(additionalData: string): void {
    this.#send(serialize.sendSCRAMClientFinalMessage(additionalData));
  }

  query(text: string): void {
    this.#send(serialize.query(text));
  }

  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#hold(serialize.parse(query));
  }

  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#hold(serialize.bind(config));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#hold(serialize.execute(config));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#hold(serialize.describe(message));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#hold(serialize.close(message));
  }

  flush(): void {
    this.#send(serialize.flush());
  }

  sync(): void {
    this.#send(serialize.sync());
  }

  sendCopyFromChunk(chunk: ArrayBuffer): void {
    this.#send(serialize.copyData(chunk));
  }

  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }

  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  end(): void {
    // Like a socket closing: pg waits for 'end'. The PGlite instance is the caller's, so it stays open.
    this.#send();
    this.#queue = this.#queue.then(() => {
      this.emit('end');
    });
    // The pool reuses this connection for its next client: drop the ended client's listeners.
    for (const name of this.eventNames()) if (name !== 'newListener') this.removeAllListeners(name);
    this.#emitMessage = false;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** pg.Pool options for the embedded database: one connection (PGlite is one session), through PgliteWire. */
export function pgliteWireConfig(pglite: PGlite): { connection: PgliteWire } {
  return { connection: new PgliteWire(pglite) };
}
