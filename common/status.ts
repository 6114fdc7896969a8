// Status codes of the platform (spec sections 3 and 2, field notes). Logic names them; it never
// compares against bare numbers.

export const GenericStatus = {
  Draft: 10001,
  Pending: 20001,
  Active: 30001,
  Completed: 40001,
  Inactive: 50001,
  Deleted: 90001,
} as const

export const SupplierInvoiceStatus = {
  Draft: 30101,
  ForApproval: 30102,
  Approved: 30103,
  Journaled: 30104,
  Rejected: 30105,
  /** Spec 3.1: listed as a precondition for attach, link, remove and assign. */
  Assigned: 30108,
  Archived: 40001,
} as const

export const PaymentStatus = {
  NotPaid: 30109,
  TransferredToBank: 30110,
  PartlyPaid: 30111,
  Paid: 30112,
  PaymentCreated: 30113,
} as const

export const CustomerInvoiceStatus = {
  Draft: 42001,
  Invoiced: 42002,
  PartlyPaid: 42003,
  Paid: 42004,
  Sold: 42005,
  Credited: 42006,
  PartlyCredited: 42007,
  WaitingForFactoring: 42503,
} as const

export const CollectorStatus = {
  Reminded: 42501,
  DebtCollection: 42502,
  FactoringRegistered: 42503,
  SentToFactoring: 42504,
} as const

export const ExternalStatus = {
  Registered: 42601,
  PartlyCompleted: 42602,
  Completed: 42603,
  Reminded: 42604,
  Objection: 42605,
} as const

export const PaymentInfoTypeStatus = { Active: 42400, Disabled: 42401 } as const

export const ApprovalStatus = {
  Active: 50120,
  Approved: 50130,
  Rejected: 50140,
  Reassigned: 50150,
  IndirectlyApproved: 50160,
  PreviouslyApproved: 50170,
} as const

export const TaskStatus = { Active: 50020, Complete: 50030, Pending: 50040, Cancelled: 50050 } as const

export const UserStatus = { Invited: 110000, Active: 110001, Inactive: 110002 } as const

export const CustomFieldStatus = { Created: 110100, Active: 110101 } as const

/**
 * Purchase.PurchaseStatus (spec 3.4; field notes: 1 Accepted, 5 Rejected, 10 Pending on the real
 * service). Active and Canceled have no published numbers; the local platform uses 2 and 3.
 */
export const PurchaseStatus = { Accepted: 1, Active: 2, Canceled: 3, Rejected: 5, Pending: 10 } as const

export const PurchaseEventType = {
  OnPending: 1010,
  OnActive: 1020,
  OnDeactivate: 1030,
  OnCancel: 1040,
} as const

export const InvoiceType = { Invoice: 0, CreditNote: 1 } as const
