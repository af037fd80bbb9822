// The contract of /api/notifications: the verified user's money events and identity decisions, and
// their read state.
import { createRoute } from '@hono/zod-openapi';
import { notificationIdParam, notificationList, readThroughBody, unreadCount } from '../schemas/notification';
import { pageQuery } from '../schemas/paging';
import { answers, jsonBody, limitedBy, notifiesOwnParties } from './common';
import { refuses } from './statuses';

const tags = ['Notifications'];

export const listNotifications = createRoute({
  tags,
  operationId: 'listNotifications',
  summary: 'List your notifications',
  description:
    'Your recent money events (an offer received, accepted, rejected, withdrawn or expired; a transfer received; dollars added, a withdrawal settled or cancelled; a purchase executed) and identity verification decisions (approved, or rejected with its `reason`), newest first, one page at a time (`limit`, `offset`), each with whether you have read it, and your unread count. A money event names its transaction (`transaction_id`) and amounts; an identity decision has `transaction_id` and `amount_usd` null. The newest 100 are kept. Read-only.',
  method: 'get',
  path: '/',
  request: { query: pageQuery({ size: 50, max: 100, rows: 'Notifications' }) },
  responses: answers(notificationList),
});
export const readNotification = createRoute({
  tags,
  operationId: 'readNotification',
  summary: 'Mark a notification read',
  description:
    "Marks one of your notifications read (again is fine: it stays read since the first time) and answers your unread count. Another user's notification is 404. Your other open pages and devices are told (live event `notifications.read`).",
  ...limitedBy('RL_WRITES'),
  ...notifiesOwnParties('notifications.read'),
  method: 'post',
  path: '/{id}/read',
  request: { params: notificationIdParam },
  responses: answers(unreadCount),
});
export const readNotificationsThrough = createRoute({
  tags,
  operationId: 'readNotificationsThrough',
  summary: 'Mark notifications read up to one',
  description:
    "Marks read every notification of yours up to and including `through` (those that happened before it too, never later ones) and answers your unread count. Repeating it, or racing it with another, is fine. Another user's notification is 404. Your other open pages and devices are told (live event `notifications.read`).",
  ...limitedBy('RL_WRITES'),
  ...notifiesOwnParties('notifications.read'),
  ...refuses('not_found'),
  method: 'post',
  path: '/read',
  request: jsonBody(readThroughBody),
  responses: answers(unreadCount),
});

export const notificationsContract = [listNotifications, readNotification, readNotificationsThrough] as const;
