/**
 * The native addons the server tests load in vitest's worker threads, loaded in vitest's main thread as well. On glibc
 * a worker thread that exits unloads the shared libraries it opened when no other thread holds them, while the other
 * worker may still be running their code: the whole run then dies of a segmentation fault (seen once in CI's
 * test:unit). Opened here first, they stay loaded for the whole run (sharp's documentation on worker threads; the
 * same holds for napi-rs addons).
 */
import 'sharp';
import '@node-rs/argon2';
import '@napi-rs/canvas';
