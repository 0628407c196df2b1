import type { ChannelSigner } from '../../http/context';
import Pusher from 'pusher';

export type PusherConnection = {
  appId: string;
  key: string;
  secret: string;
  host?: string;
  port?: number;
  useTLS: boolean;
};

export function createPusherClient(connection: PusherConnection) {
  return new Pusher({
    appId: connection.appId,
    key: connection.key,
    secret: connection.secret,
    host: connection.host ?? '127.0.0.1',
    port: connection.port ? String(connection.port) : undefined,
    useTLS: connection.useTLS,
  });
}

export function createChannelSigner(pusher: Pusher): ChannelSigner {
  return { authorize: (socketId, channel) => pusher.authorizeChannel(socketId, channel) };
}
