/**
 * What a signed-in person's screens keep on this device to be read with no network (the site app,
 * docs/decisions/150-site-app-service-worker.md): one IndexedDB database per user id, so that a person is only ever
 * shown their own; erased when their session ends on this device (sign-out, expiry, an ended session found online)
 * and when someone else signs in here.
 */

const DATABASE_PREFIX = "crestbuild-device-";
const STORE = "saved";
/** What the site app made offline and has still to send, in the order made (src/web/lib/offline/outbox-store.ts). */
export const OUTBOX_STORE = "outbox";
/** 2 added the outbox. */
const DATABASE_VERSION = 2;

const databaseName = (userId: string) => `${DATABASE_PREFIX}${userId}`;

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** This person's database on this device, made or brought up to date on first use. */
export function openDeviceDatabase(userId: string): Promise<IDBDatabase> {
  const request = indexedDB.open(databaseName(userId), DATABASE_VERSION);
  request.onupgradeneeded = () => {
    const database = request.result;
    if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
    // Numbered by the device as they are made: the order they are sent in.
    if (!database.objectStoreNames.contains(OUTBOX_STORE))
      database.createObjectStore(OUTBOX_STORE, { keyPath: "seq", autoIncrement: true });
  };
  return done(request);
}

/** One request on one store of this person's database, which is opened for it and closed after. */
export async function withDeviceStore<T>(
  userId: string,
  storeName: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDeviceDatabase(userId);
  try {
    return await done(work(database.transaction(storeName, mode).objectStore(storeName)));
  } finally {
    database.close();
  }
}

const withStore = <T>(userId: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
  withDeviceStore(userId, STORE, mode, work);

/** Keeps a value for this person under a name, replacing the one before. */
export function saveForDevice(userId: string, name: string, value: unknown): Promise<unknown> {
  return withStore(userId, "readwrite", (store) => store.put(value, name));
}

/** The value kept for this person under a name, or null (none kept, or storage unavailable). */
export async function readFromDevice<T>(userId: string, name: string): Promise<T | null> {
  try {
    return ((await withStore(userId, "readonly", (store) => store.get(name))) as T | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Erases what every person, or everyone but one, kept on this device. Never fails: storage may be unavailable. */
export async function eraseDeviceData(exceptUserId?: string): Promise<void> {
  try {
    const databases = await indexedDB.databases();
    const keep = exceptUserId === undefined ? null : databaseName(exceptUserId);
    await Promise.all(
      databases
        .flatMap(({ name }) => (name?.startsWith(DATABASE_PREFIX) && name !== keep ? [name] : []))
        .map((name) => done(indexedDB.deleteDatabase(name))),
    );
  } catch {
    // No IndexedDB here (a private window's policy, an old browser): nothing was kept.
  }
}
