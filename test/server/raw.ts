/** Raw sockets for the attacker corpus: a hand-made WebSocket handshake and hand-made (bad) frames. */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** A raw TCP connection that collects every byte the server sends. */
export class RawSocket {
  readonly socket: Socket;
  received = Buffer.alloc(0);
  ended = false;
  readonly #waiters = new Set<() => void>();

  constructor(port: number) {
    this.socket = connect({ host: '127.0.0.1', port });
    this.socket.on('error', () => undefined);
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.#wake();
    });
    this.socket.on('close', () => {
      this.ended = true;
      this.#wake();
    });
  }

  /** Writes bytes (ignoring a socket the server already closed). */
  write(bytes: Buffer | string): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** Resolves when `condition` holds or the socket closed (rechecked on every chunk). */
  async until(condition: () => boolean): Promise<void> {
    while (!condition() && !this.ended) await new Promise<void>((resolve) => this.#waiters.add(resolve));
  }

  /** Resolves once the server closed the connection. */
  async closed(): Promise<void> {
    await this.until(() => false);
  }

  /** The received bytes as text. */
  get text(): string {
    return this.received.toString('latin1');
  }

  /** Does the WebSocket handshake on `path`; resolves once the 101 arrived (the bytes after it stay in `received`). */
  async upgrade(path: string): Promise<void> {
    const key = randomBytes(16).toString('base64');
    this.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    await this.until(() => this.text.includes('\r\n\r\n'));
    if (!this.text.startsWith('HTTP/1.1 101')) throw new Error(`no upgrade: ${this.text.slice(0, 80)}`);
    this.received = this.received.subarray(this.text.indexOf('\r\n\r\n') + 4);
  }

  /** The close code of a close frame the server sent, if any. */
  closeCode(): number | null {
    let offset = 0;
    const data = this.received;
    while (offset + 2 <= data.length) {
      const opcode = (data[offset] as number) & 0x0f;
      let length = (data[offset + 1] as number) & 0x7f;
      let header = 2;
      if (length === 126) {
        length = data.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        length = Number(data.readBigUInt64BE(offset + 2));
        header = 10;
      }
      if (opcode === 0x8 && length >= 2) return data.readUInt16BE(offset + header);
      offset += header + length;
    }
    return null;
  }

  #wake(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }
}

/** A client frame: masked unless `masked` is false, with raw first byte (FIN, RSV, opcode). */
export function frame(payload: Buffer | string, options: { first?: number; masked?: boolean; claimedLength?: bigint } = {}): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const masked = options.masked ?? true;
  const first = options.first ?? 0x81;
  const length = options.claimedLength ?? BigInt(body.length);
  let head: Buffer;
  if (length < 126n) head = Buffer.from([first, (masked ? 0x80 : 0) | Number(length)]);
  else if (length < 65536n) {
    head = Buffer.alloc(4);
    head[0] = first;
    head[1] = (masked ? 0x80 : 0) | 126;
    head.writeUInt16BE(Number(length), 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = first;
    head[1] = (masked ? 0x80 : 0) | 127;
    head.writeBigUInt64BE(length, 2);
  }
  if (!masked) return Buffer.concat([head, body]);
  const mask = randomBytes(4);
  const out = Buffer.from(body);
  for (let i = 0; i < out.length; i += 1) out[i] = (out[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([head, mask, out]);
}
