import type { DeepStrings } from '../../../i18n/define.ts';
import type { intakeEs } from './es.ts';

/** The intake API page and the new-order notice, in English. */
export const intakeEn: DeepStrings<typeof intakeEs> = {
  intake: {
    title: 'Web shop and online orders',
    hint: 'Connect your web shop or an aggregator: each channel has its own key. The orders it sends arrive here as delivery or pickup orders, waiting for someone to accept them.',
    newTitle: 'New channel',
    name: 'Channel name',
    namePlaceholder: 'E.g. Web shop',
    create: 'Create key',
    keyTitle: 'Key of “{{name}}”',
    keyOnce: 'Copy it now and store it in the web shop: it will not be shown again. If it is lost, revoke it and create another.',
    copy: 'Copy',
    copied: 'Copied',
    done: 'I have stored it',
    listTitle: 'Channels',
    empty: 'No channels yet.',
    active: 'Active',
    revoked: 'Revoked',
    createdAt: 'Created on {{date}}',
    revokedAt: 'Revoked on {{date}}',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke the key of “{{name}}”? The shop can no longer send orders from this moment.',
    revokedToast: 'Key revoked',
    loadFailed: 'Could not load the list. Try again.',
    tooMany: 'There are too many channels: revoke the ones not in use.',
    howTitle: 'How to send an order (for the shop’s developer)',
    howIntro: 'Send each order once over HTTP; if no answer comes, repeat it with the same externalId: it will not be doubled.',
    howMenu: 'Dishes and prices (use productId and specId):',
    howOrder: 'An order:',
    howAnswer: 'Answer: 201 with the order’s code (200 if it was already here). Prices are always this menu’s.',
    howReadme: 'Every field and error code is in the hub’s README, section “Intake API”.',
    notice: {
      title: 'There is a new order to take away!',
      count: '{{count}} orders are waiting to be accepted',
      go: 'Go and check',
    },
  },
};
