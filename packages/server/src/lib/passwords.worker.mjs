// Password hashing on a thread of its own, at a lower CPU priority: argon2 takes a core
// for ~50 ms a hash, and a burst of sign-ins must not take the CPU from the event loop (the rest
// of the API, /api/health). passwords.ts is the other end. Plain JavaScript: a worker thread gets
// no TypeScript loader.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

// On Linux the nice value belongs to each thread: /proc/thread-self names this one.
let tid = null;
try {
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(tid, workerData.nice);
} catch {
  // Not Linux, or not allowed: the thread runs at the process's priority.
}

parentPort.on('message', ({ id, op, password, hash, options }) => {
  try {
    const result = op === 'hash' ? hashSync(password, options) : verifySync(hash, password);
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ id: 0, ok: true, result: tid });
