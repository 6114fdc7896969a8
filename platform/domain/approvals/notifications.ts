// spec 3.1, 3.5: assigned approvers are notified by e-mail and push. The local platform records each
// notice as a Notification row that clients list (`GET notifications?filter=RecipientID eq '<guid>'`);
// the channels are recorded on it, nothing is sent.
import { ApprovalStatus } from '../../../common/status.ts'
import { activeUsers, modelName, num, one, roleHolders, rowOf, type FlowScope } from './model.ts'

export const NOTIFICATION_CHANNELS = 'email,push'

/** Notifies the user of a new active approval, or every holder of its role. */
export async function notifyApproval(scope: FlowScope, approvalId: number): Promise<void> {
  const approval = await rowOf(scope, 'Approval', approvalId)
  if (!approval || Number(approval.StatusCode) !== ApprovalStatus.Active) return
  const task = await rowOf(scope, 'Task', Number(approval.TaskID))
  if (!task) return
  const userId = num(approval.UserID)
  const roleId = num(approval.SharedRoleId)
  const recipients =
    userId !== null
      ? await activeUsers(scope, [userId])
      : roleId !== null
        ? await roleHolders(scope, roleId)
        : []
  if (!recipients.length) return
  const sender = await one<{ DisplayName: string | null }>(
    scope.sql,
    'select "DisplayName" from "User" where "CompanyID" = $1 and "ID" = $2',
    [scope.companyId, num(task.UserID) ?? scope.userId],
  )
  const entityType = (await modelName(scope.sql, Number(task.ModelID))) ?? null
  const title = String(task.Title ?? 'Approval')
  const message = task.Message ? `${title}: ${String(task.Message)}` : `${title} is waiting for your approval`
  const notification = scope.registry.require('Notification')
  for (const r of recipients) {
    await scope.api.create(notification, {
      Message: message,
      EntityType: entityType,
      EntityID: task.EntityID,
      RecipientID: r.GlobalIdentity,
      SenderDisplayName: sender?.DisplayName ?? null,
      SourceEntityType: 'Approval',
      SourceEntityID: approvalId,
      Channels: NOTIFICATION_CHANNELS,
    })
  }
}
