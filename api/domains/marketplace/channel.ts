import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { ApiError, validationFailed } from '../../api-error';
import { brandOfPath } from '../../http/tenancy';
import { channelAdapter } from './adapters';
import type { PushOutcome } from './channel-adapter';
import type { Channel } from './listings';
import { shopOf } from './shop';

/** Tokopedia's calls live under `/api/brand/{brand}/tokopedia/…`: the brand's shop there, and its adapter. */
export async function channelOfPath(
  c: Context<ApiEnv>,
  channel: string | number = 'tokopedia',
): Promise<Channel> {
  const brand = await brandOfPath(c);
  const { db, config } = c.var.deps;
  return { shop: await shopOf(db, brand.id, channel), adapter: channelAdapter(config.CHANNEL_ADAPTER) };
}

function reasonOf(outcome: PushOutcome) {
  const header = (outcome.response as { header?: { reason?: string } } | null)?.header;
  return header?.reason || 'Failed to process product';
}

/**
 * A push the channel did not take, as this API answers it: the marketplace's refusals by field are a 422 with
 * its messages; a failure of the marketplace itself is a 502 naming its reason.
 */
export function pushFailed(outcome: PushOutcome, channelName: string) {
  if (outcome.statusCode < 500 && Object.keys(outcome.errors).length) return validationFailed(outcome.errors);
  return new ApiError(502, `${channelName} tidak dapat memproses permintaan: ${reasonOf(outcome)}`);
}

/** The same failure in Tokopedia's shape, for the calls that answer as Tokopedia does. */
export function channelFailure(c: Context<ApiEnv>, outcome: PushOutcome, channelName: string) {
  const reason = reasonOf(outcome);
  return c.json(
    {
      message: `${channelName} tidak dapat memproses permintaan: ${reason}`,
      header: {
        messages: '',
        reason,
        error_code: outcome.statusCode >= 500 ? 'CHANNEL_UNAVAILABLE' : 'REFUSED',
      },
      data: null,
    },
    outcome.statusCode >= 500 ? 502 : 422,
  );
}
