// Purchases (spec 2.17, 3.4, 4.9) and user invitations (spec 4.10).
import type { EntityDef } from '../types.ts'
import { ADMINISTRATORS, fields, model, one } from './define.ts'

export const licensingEntities: EntityDef[] = [
  model({
    name: 'Purchase',
    // spec 4.9: served under /api/elsa/purchases; the biz route lists the same rows.
    route: 'purchases',
    // Every member sees the company's licenses; buying and moving them is user administration.
    access: { write: ADMINISTRATORS },
    fields: fields(
      'ProductID:int',
      'ProductName:string',
      // spec 2.18: the buying user.
      'GlobalIdentity:guid',
      'UserID:int',
      // field notes: 1 Accepted, 5 Rejected, 10 Pending on the real service; spec 3.4 adds Active and Canceled.
      'PurchaseStatus:int',
      'PurchaseDate:datetime',
    ),
    relations: [one('User', 'User')],
  }),
  model({
    name: 'UserVerification',
    route: 'user-verifications',
    routeAliases: ['userverifications'],
    // Pending invitations are user administration; the code itself is never read back by anyone.
    access: { read: ADMINISTRATORS, write: ADMINISTRATORS },
    fields: fields(
      'Email:string',
      // spec 4.10: null for a standard user.
      'UserType:int',
      'DisplayName:string',
      // Opens the sign-up page for the invitee: it travels only in the invitation e-mail.
      { name: 'VerificationCode', type: 'string', secret: true },
      'ExpirationDate:datetime',
      'UserID:int',
      // Set when the invitee signed up; a used code does not open the sign-up page again.
      'UsedAt:datetime',
    ),
    relations: [one('User', 'User')],
  }),
]
