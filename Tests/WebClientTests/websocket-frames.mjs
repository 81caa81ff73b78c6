// The server's side of a WebSocket, as small as the tests need: the upgrade
// answer, unmasked text and close frames out, and frames in (masked or not). Shared by
// the client's connection tests and the browser tests' stand-in server.

import { createHash } from 'node:crypto';

/** Answers a WebSocket upgrade request on `socket` (101 Switching Protocols). */
export function acceptUpgrade(request, socket) {
  const accept = createHash('sha1')
    .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
    .digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n'
    + `Connection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
}

/** `message` as JSON in one unmasked text frame. */
export function textFrame(message) {
  const payload = Buffer.from(JSON.stringify(message));
  let header;
  if (payload.length < 126) {
    header = Buffer.from([0x81, payload.length]);
  } else if (payload.length < 0x1_0000) {
    header = Buffer.from([0x81, 126, 0, 0]);
    header.writeUInt16BE(payload.length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  return Buffer.concat([header, payload]);
}

/** A close frame with `code` and `reason` (at most 123 bytes of UTF-8), unmasked. */
export function closeFrame(code, reason = '') {
  const text = Buffer.from(reason);
  const payload = Buffer.alloc(2 + text.length);
  payload.writeUInt16BE(code, 0);
  text.copy(payload, 2);
  return Buffer.concat([Buffer.from([0x88, payload.length]), payload]);
}

/**
 * The first whole frame in `buffer`, unmasked if it was masked, and the
 * bytes after it; `null` while the frame is not whole.
 *
 * @param {Buffer} buffer
 * @returns {{fin: boolean, opcode: number, payload: Buffer, rest: Buffer} | null}
 */
export function readFrame(buffer) {
  if (buffer.length < 2) return null;
  const fin = (buffer[0] & 0x80) !== 0;
  // RSV1: the message is compressed (permessage-deflate), on its first frame.
  const rsv1 = (buffer[0] & 0x40) !== 0;
  const opcode = buffer[0] & 0x0f;
  let length = buffer[1] & 0x7f;
  let at = 2;
  if (length === 126) {
    if (buffer.length < 4) return null;
    length = buffer.readUInt16BE(2);
    at = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return null;
    length = Number(buffer.readBigUInt64BE(2));
    at = 10;
  }
  const masked = (buffer[1] & 0x80) !== 0;
  const mask = masked ? buffer.subarray(at, at + 4) : null;
  if (masked) at += 4;
  if (buffer.length < at + length) return null;
  const payload = Buffer.from(buffer.subarray(at, at + length));
  if (masked) for (let i = 0; i < payload.length; i += 1) payload[i] ^= mask[i % 4];
  return { fin, rsv1, opcode, payload, rest: buffer.subarray(at + length) };
}

/**
 * Reads frames from the chunks a socket delivers: `onText` gets each text
 * frame's JSON value, `onClose` is called for a close frame. Other frames
 * are skipped.
 */
export class FrameReader {
  #buffer = Buffer.alloc(0);

  constructor({ onText, onClose }) {
    this.onText = onText;
    this.onClose = onClose;
  }

  push(chunk) {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const frame = readFrame(this.#buffer);
      if (frame === null) return;
      const { opcode, payload } = frame;
      this.#buffer = frame.rest;
      if (opcode === 0x1) this.onText(JSON.parse(payload.toString('utf8')));
      else if (opcode === 0x8) this.onClose();
    }
  }
}
