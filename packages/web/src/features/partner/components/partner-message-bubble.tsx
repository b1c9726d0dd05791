import type { PartnerMessage } from '@lab/domain';
import { LinkMessageBubble } from '../../../components/link-message-bubble';

// A message as the partner sees it: the partner's own (INBOUND) on the right in the primary colour, the
// lab's (OUTBOUND) on the left, each with its author and time.

export const PartnerMessageBubble = ({ message }: { message: PartnerMessage }) => (
  <LinkMessageBubble
    message={message}
    side={message.direction === 'INBOUND' ? 'right' : 'left'}
    smMaxWidth="80%"
  />
);
