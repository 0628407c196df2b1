/** One upstream call as the client prepares it: the full URL, its headers, a JSON text or a form. */
export type UpstreamRequest = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
};

/** An answer whose body was read whole (the JSON calls). */
export type UpstreamReply = {
  status: number;
  statusText: string;
  retryAfter: string | null;
  text: string;
};

export type Transport = {
  /** Sends the call and reads its answer to the end. */
  exchange(request: UpstreamRequest): Promise<UpstreamReply>;
  /** Sends the call and hands back the answer as it arrives, for a download to stream through. */
  open(request: UpstreamRequest): Promise<Response>;
};
