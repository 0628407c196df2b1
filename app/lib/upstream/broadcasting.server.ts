import { z } from 'zod';
import type { Upstream } from './client.server';

const signatureSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });

/** Private-channel signatures for the browser's Pusher client, signed with the session's token. */
export const broadcastingApi = {
  authorize: (api: Upstream, body: { socket_id: string; channel_name: string }) =>
    api.call('/api/broadcasting/auth', signatureSchema, { body }),
};
