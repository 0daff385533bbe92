import { inflateRawSync } from "node:zlib";
import { fail } from "#server/platform/http/errors.js";
import { SCORM_FILES_MAX, SCORM_MESSAGES, SCORM_UNPACKED_MAX_BYTES } from "#shared/schemas/scorm.js";

/**
 * Reading a package's ZIP without trusting it (docs/decisions/0331-scorm-zip-read-twice-bounded.md): the
 * central directory is read first and refused when it names too many files, too many bytes or a name that
 * leaves the package; then each file is inflated with its output capped at the size the directory states, so a
 * directory that lies about the sizes is refused too before the memory is spent.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** One file as the central directory names it. */
interface ZipEntry {
  path: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/**
 * A name as a file of the package, or null when it would leave it: `..` segments, absolute paths, drive
 * letters, backslashes (read as separators by some tools) and control characters.
 */
export function packagePathOf(name: string): string | null {
  if (name.includes("\\") || name.startsWith("/") || /^[A-Za-z]:/.test(name)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(name)) return null;
  const segments = name.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) return null;
  return name;
}

function endOfDirectoryOffset(zip: Uint8Array, view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let offset = zip.length - 22; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  throw fail.badRequest(SCORM_MESSAGES.notZip);
}

/** The files the central directory names (directories left out), refused as a whole past the caps. */
function zipEntriesOf(zip: Uint8Array): ZipEntry[] {
  if (zip.length < 22) throw fail.badRequest(SCORM_MESSAGES.notZip);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = endOfDirectoryOffset(zip, view);
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // ZIP64 marks these fields as 0xFFFF…: a package within the caps never needs it.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw fail.badRequest(SCORM_MESSAGES.tooManyFiles);
  if (count > SCORM_FILES_MAX) throw fail.badRequest(SCORM_MESSAGES.tooManyFiles);
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const entries: ZipEntry[] = [];
  let total = 0;
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > zip.length || view.getUint32(offset, true) !== DIRECTORY_ENTRY) {
      throw fail.badRequest(SCORM_MESSAGES.notZip);
    }
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localHeaderOffset = view.getUint32(offset + 42, true);
    const name = decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    const path = packagePathOf(name);
    if (path === null) throw fail.badRequest(SCORM_MESSAGES.unsafePath);
    if (name.endsWith("/")) continue;
    // Bit 0: encrypted, which no browser could play either.
    if (flags & 1) throw fail.badRequest(SCORM_MESSAGES.notZip);
    if (method !== STORED && method !== DEFLATED) throw fail.badRequest(SCORM_MESSAGES.unsupportedCompression);
    total += size;
    if (total > SCORM_UNPACKED_MAX_BYTES) throw fail.badRequest(SCORM_MESSAGES.unpackedTooLarge);
    entries.push({ path, method, compressedSize, size, localHeaderOffset });
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header. */
function compressedBytesOf(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || view.getUint32(at, true) !== LOCAL_HEADER) throw fail.badRequest(SCORM_MESSAGES.notZip);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > zip.length) throw fail.badRequest(SCORM_MESSAGES.notZip);
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * The entry's bytes, inflated with the output capped at what the directory said it holds and at `budget`,
 * what the package may still unpack to: the inflater stops there instead of filling the memory.
 */
function inflateEntry(zip: Uint8Array, entry: ZipEntry, budget: number): Uint8Array {
  const compressed = compressedBytesOf(zip, entry);
  if (entry.size > budget) throw fail.badRequest(SCORM_MESSAGES.unpackedTooLarge);
  if (entry.method === STORED) {
    if (compressed.length !== entry.size) throw fail.badRequest(SCORM_MESSAGES.sizeMismatch);
    return compressed;
  }
  let bytes: Uint8Array;
  try {
    // maxOutputLength must be at least 1; an empty file inflates to nothing either way.
    bytes = inflateRawSync(compressed, { maxOutputLength: Math.max(entry.size, 1) });
  } catch (error) {
    const tooLarge = error instanceof RangeError && "code" in error && error.code === "ERR_BUFFER_TOO_LARGE";
    throw fail.badRequest(tooLarge ? SCORM_MESSAGES.sizeMismatch : SCORM_MESSAGES.notZip);
  }
  if (bytes.length !== entry.size) throw fail.badRequest(SCORM_MESSAGES.sizeMismatch);
  return bytes;
}

/** Every file of the package by its path, within the caps both as declared and as inflated. */
export function unpackPackage(zip: Uint8Array): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let budget = SCORM_UNPACKED_MAX_BYTES;
  for (const entry of zipEntriesOf(zip)) {
    const bytes = inflateEntry(zip, entry, budget);
    budget -= bytes.length;
    files.set(entry.path, bytes);
  }
  return files;
}
