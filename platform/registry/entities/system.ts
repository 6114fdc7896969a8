// System models: companies, users, roles and teams (spec 2.2, 2.3, 2.18), the model catalogue and
// transitions (2.15), custom fields and value lists (2.16), company settings, entity locks, comments
// and notifications.
import { LICENSE_ADMINISTRATOR } from '../../tenancy/roles.ts'
import { CustomFieldStatus, UserStatus } from '../../../common/status.ts'
import type { EntityDef } from '../types.ts'
import { ADMINISTRATORS, fields, many, model, one, owns } from './define.ts'

export const systemEntities: EntityDef[] = [
  model({
    name: 'Company',
    route: 'companies',
    scope: 'global',
    readOnly: true,
    internal: true,
    fields: fields(
      'Name:string',
      'Key:guid',
      'OrganizationNumber:string',
      { name: 'IsTest', type: 'bool', default: false },
      { name: 'IsTemplate', type: 'bool', default: false },
      'WebHookSubscriberId:string',
      'FileFlowEmail:string',
      'LastActivity:datetime',
      'ContractType:int',
    ),
  }),
  model({
    name: 'User',
    route: 'users',
    routeAliases: ['user'],
    // spec 4.10: members read users (to assign work); only administrators change them.
    access: { write: ADMINISTRATORS },
    fields: fields(
      'GlobalIdentity:guid',
      { name: 'Email', type: 'string', maxLength: 254 },
      { name: 'DisplayName', type: 'string', maxLength: 200 },
      { name: 'UserName', type: 'string', maxLength: 200 },
      'PhoneNumber:string',
      'LastLogin:datetime',
      { name: 'Protected', type: 'bool', default: false },
      'BankIntegrationUserName:string',
      { name: 'IsAutobankAdmin', type: 'bool', default: false },
      // spec 4.10 invitation `UserType`: null standard, 1 accountant, 2 support (exempt from role licenses).
      'UserType:int',
    ),
    relations: [many('Roles', 'UserRole', 'UserID')],
    statusCodes: [UserStatus.Invited, UserStatus.Active, UserStatus.Inactive],
  }),
  model({
    name: 'Role',
    route: 'roles',
    scope: 'global',
    readOnly: true,
    fields: fields('Name:string', 'Label:string', 'Description:string'),
  }),
  model({
    name: 'UserRole',
    route: 'userroles',
    // spec 4.10: user administration, reads included, needs the Administrator role; a license administrator
    // with the company's license permission (spec 5) reads the roles the bulk permission route gave.
    access: { read: { roles: ['Administrator', LICENSE_ADMINISTRATOR] }, write: ADMINISTRATORS },
    fields: fields('UserID:int!', 'SharedRoleId:int!', 'SharedRoleName:string'),
    relations: [one('User', 'User'), one('SharedRole', 'Role', 'SharedRoleId')],
  }),
  model({
    name: 'Team',
    route: 'teams',
    fields: fields({ name: 'Name', type: 'string', required: true, maxLength: 200 }),
    relations: [owns('Positions', 'TeamPosition', 'TeamID')],
  }),
  model({
    name: 'TeamPosition',
    route: 'teampositions',
    fields: fields('TeamID:int', 'UserID:int!', 'Position:int'),
    relations: [one('Team', 'Team'), one('User', 'User')],
  }),
  model({
    name: 'Model',
    route: 'models',
    scope: 'global',
    readOnly: true,
    fields: fields(
      'Name:string',
      'Label:string',
      'LabelPlural:string',
      'Description:string',
      { name: 'Admin', type: 'bool', default: false },
      { name: 'Shared', type: 'bool', default: false },
    ),
  }),
  model({
    name: 'Transition',
    route: 'transitions',
    scope: 'global',
    readOnly: true,
    fields: fields('MethodName:string', 'Controller:string', 'EntityType:string'),
  }),
  model({
    name: 'Status',
    route: 'statuses',
    scope: 'global',
    readOnly: true,
    fields: fields('StatusCode:int', 'Description:string', 'EntityType:string'),
  }),
  model({
    // spec 2.15: read-only and without an endpoint of its own; listed through statistics.
    name: 'TransitionFlow',
    route: 'transitionflows',
    scope: 'global',
    readOnly: true,
    fields: fields(
      'EntityType:string',
      'TransitionID:int',
      'FromStatusID:int',
      'ToStatusID:int',
      'ExpiresDate:datetime',
      { name: 'IsDepricated', type: 'bool', default: false },
    ),
    relations: [
      one('Transition', 'Transition'),
      one('FromStatus', 'Status', 'FromStatusID'),
      one('ToStatus', 'Status', 'ToStatusID'),
    ],
  }),
  model({
    name: 'CustomField',
    route: 'custom-fields',
    routeAliases: ['customfields'],
    fields: fields(
      { name: 'Name', type: 'string', required: true, maxLength: 100 },
      'ModelID:int!',
      'DataType:guid!',
      { name: 'Nullable', type: 'bool', default: true },
    ),
    relations: [one('Model', 'Model')],
    statusCodes: [CustomFieldStatus.Created, CustomFieldStatus.Active],
  }),
  model({
    name: 'ValueList',
    route: 'valuelists',
    scope: 'global',
    readOnly: true,
    fields: fields('Code:string', 'Name:string', 'Description:string'),
    relations: [owns('Items', 'ValueListItem', 'ValueListID')],
  }),
  model({
    name: 'ValueListItem',
    route: 'valuelistitems',
    scope: 'global',
    readOnly: true,
    fields: fields('Code:string', 'Name:string', 'Description:string', 'Index:int', 'ValueListID:int'),
    relations: [one('ValueList', 'ValueList')],
  }),
  model({
    name: 'CompanySettings',
    route: 'companysettings',
    labelPlural: 'Company settings',
    fields: fields(
      'CompanyName:string',
      'OrganizationNumber:string',
      'AccountingLockedDate:date',
      'VatLockedDate:date',
      'BaseCurrencyCodeID:int',
      'DefaultBankAccountID:int',
      'DefaultEmail:string',
      'DefaultPhone:string',
      'CompanyTypeID:int',
      'PeriodSeriesAccountID:int',
      { name: 'TaxMandatory', type: 'bool', default: true },
      { name: 'UseFactoring', type: 'bool', default: false },
    ),
    // The company's own account, printed on its invoices.
    relations: [one('DefaultBankAccount', 'BankAccount', 'DefaultBankAccountID')],
  }),
  model({
    name: 'EntityLock',
    route: 'entitylock',
    routeAliases: ['entitylocks'],
    fields: fields('Message:text', 'EntityType:string!', 'EntityID:int!'),
  }),
  model({
    name: 'Comment',
    route: 'comments',
    fields: fields('Text:text!', 'EntityType:string', 'EntityID:int', 'AuthorID:int'),
    relations: [one('Author', 'User', 'AuthorID')],
  }),
  model({
    name: 'Notification',
    route: 'notifications',
    // An invitation's notice carries its sign-up link: only the recipient (and administrators) read it.
    ownerField: 'RecipientID',
    access: { read: { roles: ['Administrator'], owner: true } },
    fields: fields(
      'Message:text',
      'EntityType:string',
      'EntityID:int',
      'RecipientID:guid',
      'SenderDisplayName:string',
      'SourceEntityType:string',
      'SourceEntityID:int',
      // Where the notice goes besides the list (`email,push`): recorded, not sent.
      'Channels:string',
    ),
  }),
]
