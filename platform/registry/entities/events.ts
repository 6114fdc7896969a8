// Eventplans (spec 6.1, 6.3): webhook subscriptions on entity changes, their subscribers and their
// expression filters. The API path is not shown in the spec; the routes follow the model names.
import type { EntityDef } from '../types.ts'
import { fields, model, one, owns, WEBHOOK_ADMINS } from './define.ts'

export const eventEntities: EntityDef[] = [
  model({
    name: 'Eventplan',
    route: 'eventplans',
    access: { read: WEBHOOK_ADMINS, write: WEBHOOK_ADMINS },
    fields: fields(
      'Name:string',
      { name: 'Active', type: 'bool', default: true },
      // spec 6.1: entity names to listen to, and the operations as letters C, U, D.
      'ModelFilter:string',
      { name: 'OperationFilter', type: 'string', default: 'CUD' },
      // spec 6.1: 0 = Webhook.
      { name: 'PlanType', type: 'int', default: 0 },
      // spec 6.1: a random GUID is generated when omitted.
      'SigningKey:string',
    ),
    relations: [
      owns('EventSubscribers', 'EventSubscriber', 'EventplanID'),
      // spec 6.1: one example names the array `Subscribers`; both names read and write the same rows.
      owns('Subscribers', 'EventSubscriber', 'EventplanID'),
      owns('ExpressionFilters', 'ExpressionFilter', 'EventplanID'),
    ],
  }),
  model({
    name: 'EventSubscriber',
    route: 'eventsubscribers',
    access: { read: WEBHOOK_ADMINS, write: WEBHOOK_ADMINS },
    fields: fields(
      'EventplanID:int',
      'Name:string',
      'Endpoint:string',
      { name: 'Active', type: 'bool', default: true },
      // The header the platform sends to the endpoint: a credential of the receiver, never read back.
      { name: 'Authorization', type: 'string', secret: true },
    ),
    relations: [one('Eventplan', 'Eventplan')],
  }),
  model({
    name: 'ExpressionFilter',
    route: 'expressionfilters',
    access: { read: WEBHOOK_ADMINS, write: WEBHOOK_ADMINS },
    // spec 6.3: EntityName must be one of the plan's ModelFilter entries.
    fields: fields('EventplanID:int', 'EntityName:string', 'Expression:text'),
    relations: [one('Eventplan', 'Eventplan')],
  }),
]
