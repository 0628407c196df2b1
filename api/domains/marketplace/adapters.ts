import type { ChannelAdapter } from './channel-adapter';
import { sandboxAdapter } from './sandbox';

/**
 * The channel adapters shipped, by the name `CHANNEL_ADAPTER` picks. A second one (a real Tokopedia client)
 * implements ChannelAdapter and is added here; the routes, the service and the screens stay as they are.
 */
const ADAPTERS: Record<string, () => ChannelAdapter> = {
  sandbox: () => sandboxAdapter(),
};

const made = new Map<string, ChannelAdapter>();

export function channelAdapter(name: string): ChannelAdapter {
  let adapter = made.get(name);
  if (!adapter) {
    const make = Object.hasOwn(ADAPTERS, name) ? ADAPTERS[name] : undefined;
    if (!make)
      throw new Error(
        `CHANNEL_ADAPTER=${name} names no channel adapter (known: ${Object.keys(ADAPTERS).join(', ')}).`,
      );
    adapter = make();
    made.set(name, adapter);
  }
  return adapter;
}
