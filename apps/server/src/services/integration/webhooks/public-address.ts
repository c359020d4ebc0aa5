import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../../domain-error';

/** 2000::/3, the only IPv6 block allocated for global unicast. */
const globalUnicastV6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix: the last 32 bits are a public IPv4 address to translate to. */
const nat64WellKnown = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 address stands for, when it is only a way of reaching one:
 * IPv4-mapped and IPv4-translated (`::ffff:a.b.c.d`, `::ffff:0:a.b.c.d`), NAT64's well-known
 * prefix, and 6to4 (`2002:aabb:ccdd::`). `null` for a transition range whose target cannot be
 * known (NAT64 local-use 64:ff9b:1::/48, Teredo); undefined when the address embeds none.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const bytes = address.toByteArray();
  const v4 = (offset: number) => new ipaddr.IPv4(bytes.slice(offset, offset + 4));
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return v4(12);
    case 'rfc6052':
      return address.match(nat64WellKnown) ? v4(12) : null;
    case '6to4':
      return v4(2);
    case 'teredo':
      return null;
    default:
      return undefined;
  }
}

/**
 * Whether a webhook may be delivered to this address: global unicast only. IPv4 loopback,
 * private, shared (CGNAT), link-local, documentation, benchmarking, multicast and reserved
 * ranges are refused; an IPv6 address must be in 2000::/3 and outside its special ranges
 * (Teredo, documentation, ORCHID…), so loopback, IPv4-compatible (`::a.b.c.d`), site-local,
 * unique-local, link-local and multicast are refused too. An IPv6 address embedding an IPv4
 * address is judged as that IPv4 address, however it is spelled. Anything that is not an
 * address, or carries a zone, is refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  const v6 = parsed;
  if (v6.zoneId) return false;
  const embedded = embeddedIPv4(v6);
  if (embedded !== undefined) return embedded !== null && embedded.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(globalUnicastV6);
}

/** Names that always mean this machine, whatever a resolver answers. */
const localNames = /(^|\.)localhost\.?$/i;

/**
 * Refuses a webhook address the portal would not deliver to: a literal address that is not
 * public, a `localhost` name, or a name whose resolution includes an address that is not public
 * (`integration.webhook_address_not_public`). A name that does not resolve yet is accepted: every
 * delivery resolves it again and refuses a non-public answer then.
 */
export async function checkWebhookAddress(
  url: string,
  { allowPrivateAddresses = false }: { allowPrivateAddresses?: boolean } = {},
): Promise<void> {
  if (allowPrivateAddresses) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const refuse = () => new DomainError('integration.webhook_address_not_public');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refuse();
    return;
  }
  if (localNames.test(host)) throw refuse();
  let answers: { address: string }[];
  try {
    answers = await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    return;
  }
  if (answers.some((answer) => !isPublicAddress(answer.address))) throw refuse();
}
