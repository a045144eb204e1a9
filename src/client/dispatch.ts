// What the transport needs from whatever carries a request (node-dispatch.ts, undici-dispatch.ts).

export interface DispatchRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Timeouts {
  /** Establishing the TCP/TLS connection. */
  connectMs: number;
  /** From sending the request to receiving the response headers. */
  headersMs: number;
  /** Between two chunks of the response body. */
  bodyMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveMs: number;
}

export interface RequestDispatcher {
  request(request: DispatchRequest): Promise<RawResponse>;
  /** Lets requests in flight finish, then closes the connections. */
  close(): Promise<void>;
  /** Ends every connection now; requests in flight fail. */
  destroy(): void;
}
