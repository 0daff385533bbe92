#!/usr/bin/env node
/**
 * Checks a Trainwright inspection pack without the server, its database or any package: Node's own
 * node:zlib, node:crypto and node:fs only, so an auditor runs it on a machine that has Node and the pack
 * (docs/decisions/0300-evidence-log.md). It implements the log's format on its own, from the decision,
 * rather than importing the server's code (tests/unit/verify-pack.test.ts proves they agree).
 *
 *   node scripts/verify-pack.mjs pack.zip [--key public-key-you-were-given.pem]
 *   npm run verify-pack -- pack.zip
 *
 * It recomputes every hash of the chain in entries.jsonl from entry 1 to the last, checks every
 * checkpoint's Ed25519 signature with the pack's key (and that key against the one given, if any), checks
 * that the chain passes through every checkpoint, and that each completion and signature entry agrees with
 * the records the pack carries. It prints "verified: …" and exits 0, or names the first entry that fails
 * and why and exits 1.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";

const FORMAT = "trainwright-evidence-v1";
const GENESIS_HASH = "0".repeat(64);

/** The files of a ZIP archive by name (stored or deflated entries, as fflate and most tools write). */
export function unzip(bytes) {
  const data = Buffer.from(bytes);
  let end = data.length - 22;
  while (end >= 0 && data.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a ZIP file (no end of central directory)");
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const files = new Map();
  for (let index = 0; index < count; index += 1) {
    if (data.readUInt32LE(at) !== 0x02014b50) throw new Error("damaged ZIP central directory");
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    const name = data.toString("utf8", at + 46, at + 46 + nameLength);
    if (data.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`damaged ZIP entry ${name}`);
    const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    const raw = data.subarray(start, start + compressedSize);
    if (method === 0) files.set(name, raw);
    else if (method === 8) files.set(name, inflateRawSync(raw));
    else throw new Error(`ZIP entry ${name} uses compression method ${method}`);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** SHA-256 of an entry's fields in the log's fixed order (the decision's "entry hash"). */
export function entryHash(entry) {
  const fields = [
    FORMAT,
    entry.organizationId,
    entry.seq,
    entry.prevHash,
    entry.kind,
    entry.occurredAt,
    entry.actorId,
    entry.subjectUserId,
    entry.courseId,
    entry.lessonId,
    entry.facts,
  ];
  return createHash("sha256").update(JSON.stringify(fields), "utf8").digest("hex");
}

function checkpointMessage(checkpoint) {
  const { organizationId, seq, hash, signedAt } = checkpoint;
  return Buffer.from(`${FORMAT} checkpoint\n${organizationId}\n${seq}\n${hash}\n${signedAt}`, "utf8");
}

const fingerprintOf = (key) =>
  createHash("sha256")
    .update(key.export({ format: "der", type: "spki" }))
    .digest("hex");

class Broken extends Error {
  constructor(seq, reason) {
    super(`entry ${seq}: ${reason}`);
    this.seq = seq;
    this.reason = reason;
  }
}

function fileText(files, name) {
  const file = files.get(name);
  if (!file) throw new Error(`the pack has no ${name}`);
  return file.toString("utf8");
}

/** The first record disagreeing with its entry, as the server's audit/verify judges it. */
function checkRecords(entries, records) {
  const lessons = new Set(records.lessons);
  for (const entry of entries) {
    if (entry.omitted) continue;
    if (entry.kind === "lesson.completed" && entry.lessonId !== null && lessons.has(entry.lessonId)) {
      if (records.completions[`${entry.subjectUserId}:${entry.lessonId}`] !== entry.occurredAt) {
        throw new Broken(entry.seq, "the completion it records was changed or deleted");
      }
    }
    if (entry.kind === "lesson.signed") {
      const facts = JSON.parse(entry.facts);
      const signature = records.signatures[String(facts.signatureId)];
      if (!signature || signature.signedAt !== entry.occurredAt || signature.contentHash !== facts.contentHash) {
        throw new Broken(entry.seq, "the signature it records was changed or deleted");
      }
    }
  }
}

/**
 * Checks the pack's bytes. `trustedKeyPem`: a public key the auditor got elsewhere (the settings page, a
 * letter), which the pack's must be. Answers the summary, or throws Broken (an entry fails) or Error.
 */
export function verifyPack(bytes, trustedKeyPem) {
  const files = unzip(bytes);
  const organization = JSON.parse(fileText(files, "organization.json"));
  const key = createPublicKey(fileText(files, "public-key.pem"));
  if (key.asymmetricKeyType !== "ed25519") throw new Error("the pack's public key is not an Ed25519 key");
  const fingerprint = fingerprintOf(key);
  if (trustedKeyPem !== undefined && fingerprintOf(createPublicKey(trustedKeyPem)) !== fingerprint) {
    throw new Error(`the pack's public key (${fingerprint}) is not the key you were given`);
  }
  const text = fileText(files, "entries.jsonl");
  const entries =
    text === ""
      ? []
      : text
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line));
  const checkpoints = JSON.parse(fileText(files, "checkpoints.json"));
  if (checkpoints.length === 0) throw new Error("the pack has no signed checkpoint");

  const hashes = [];
  let previous = GENESIS_HASH;
  for (const entry of entries) {
    const expected = hashes.length + 1;
    if (entry.seq !== expected) throw new Broken(expected, "the entry is missing (the sequence skips it)");
    if (entry.prevHash !== previous) throw new Broken(entry.seq, "it does not follow the entry before it");
    if (!entry.omitted) {
      if (entry.organizationId !== organization.id) throw new Broken(entry.seq, "it belongs to another organization");
      if (entryHash(entry) !== entry.hash)
        throw new Broken(entry.seq, "its contents were changed after it was recorded");
    }
    hashes.push(entry.hash);
    previous = entry.hash;
  }
  const signedHeads = [...checkpoints].sort((a, b) => a.seq - b.seq);
  for (const checkpoint of signedHeads) {
    if (checkpoint.organizationId !== organization.id) {
      throw new Broken(checkpoint.seq, "its checkpoint is of another organization");
    }
    if (!verify(null, checkpointMessage(checkpoint), key, Buffer.from(checkpoint.signature, "base64"))) {
      throw new Broken(checkpoint.seq, "the checkpoint signed at it does not verify with the organization's key");
    }
    if (checkpoint.seq > hashes.length)
      throw new Broken(hashes.length + 1, "the entry is missing (the sequence skips it)");
    if (checkpoint.seq >= 1 && hashes[checkpoint.seq - 1] !== checkpoint.hash) {
      throw new Broken(checkpoint.seq, "the chain up to it differs from the signed checkpoint of that entry");
    }
  }
  const last = signedHeads.at(-1);
  if (last.seq !== hashes.length) throw new Broken(last.seq + 1, "it comes after the last signed checkpoint");
  checkRecords(entries, JSON.parse(fileText(files, "records.json")));
  const selected = entries.filter((entry) => !entry.omitted);
  return {
    entries: entries.length,
    selected: selected.length,
    first: selected[0]?.occurredAt ?? null,
    last: selected.at(-1)?.occurredAt ?? null,
    organization: organization.name,
    fingerprint,
    signedAt: last.signedAt,
  };
}

function main(args) {
  const keyAt = args.indexOf("--key");
  const trustedKeyFile = keyAt >= 0 ? args[keyAt + 1] : undefined;
  const packFile = args.find((arg, index) => !arg.startsWith("--") && (keyAt < 0 || index !== keyAt + 1));
  if (!packFile || (keyAt >= 0 && !trustedKeyFile)) {
    console.error("usage: node verify-pack.mjs pack.zip [--key public-key.pem]");
    return 2;
  }
  try {
    const trusted = trustedKeyFile === undefined ? undefined : readFileSync(trustedKeyFile, "utf8");
    const result = verifyPack(readFileSync(packFile), trusted);
    const range = result.first === null ? "no entries selected" : `first ${result.first}, last ${result.last}`;
    console.log(
      `verified: ${result.entries} entries (${result.selected} in the selection), ${range}, ` +
        `signed by ${result.organization} (key ${result.fingerprint}) at ${result.signedAt}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof Broken) console.log(`FAILED at entry ${error.seq}: ${error.reason}`);
    else console.log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
