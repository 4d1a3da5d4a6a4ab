// The configured gateway (one at a time), behind the one interface.
import type { Config } from '../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { cashfreeGateway } from './cashfree.ts';
import { razorpayGateway } from './razorpay.ts';

export function gatewayOf(config: Pick<Config, 'gateway'>): PaymentGateway | undefined {
  if (!config.gateway) return undefined;
  switch (config.gateway.kind) {
    case 'razorpay':
      return razorpayGateway(config.gateway);
    case 'cashfree':
      return cashfreeGateway(config.gateway);
  }
}
