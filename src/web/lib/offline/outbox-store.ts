import { OUTBOX_STORE, withDeviceStore } from "./device-data";

/**
 * The site app's outbox on this device (docs/decisions/151-site-app-outbox.md): what a person made, kept in their own
 * IndexedDB database beside the data they read offline, so it survives a closed tab or a restarted phone and is
 * erased with their session like the rest. Each record is numbered (`seq`) as it is added: the order it is sent in.
 */
export type Numbered = { seq: number };

const withOutbox = <T>(userId: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
  withDeviceStore(userId, OUTBOX_STORE, mode, work);

/** Every record, oldest first. */
export const listOutbox = <T extends Numbered>(userId: string) => withOutbox(userId, "readonly", (store) => store.getAll()) as Promise<T[]>;

/** Adds a record and answers its number. */
export const addToOutbox = <T extends object>(userId: string, record: T) =>
  withOutbox(userId, "readwrite", (store) => store.add(record)) as Promise<number>;

/** Writes a record over the one of its number. */
export const putInOutbox = <T extends Numbered>(userId: string, record: T) => withOutbox(userId, "readwrite", (store) => store.put(record));

/** Removes a record. */
export const removeFromOutbox = (userId: string, seq: number) => withOutbox(userId, "readwrite", (store) => store.delete(seq));
