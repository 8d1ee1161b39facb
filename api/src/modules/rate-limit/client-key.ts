import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The address a per-address limit counts a client by: an IPv4 client by its full address (also
 * when it arrives IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 client by its /64 network, since one
 * subscriber usually holds a whole /64 and can change the rest at will.
 */
export function clientKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return (address || 'unknown').slice(0, 64);
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** The client a request is counted as: its address (`req.ip`, which honours TRUST_PROXY). */
export const clientOf = (req: Request): string => clientKey(req.ip ?? req.socket.remoteAddress);

/** A route parameter holding `clientOf(request)`. */
export const ClientAddress = createParamDecorator((_: unknown, context: ExecutionContext) =>
  clientOf(context.switchToHttp().getRequest<Request>()),
);
