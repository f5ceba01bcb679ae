/** Starts the browser example's server on 127.0.0.1 (port 0: any free port). */
export function serveExample(port?: number): Promise<{ url: string; close(): Promise<void> }>;
