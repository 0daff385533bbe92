/** The team module's public face: the only file of it that other modules and the app may import. */
export { reportRows } from "./departures.js";
export { FormerMember } from "./former-member.entity.js";
export { Invitation } from "./invitation.entity.js";
export { InvitationSend } from "./invitation-send.entity.js";
export { memberName } from "./team.presenter.js";
export { teamRouter } from "./team.router.js";
export { leaveProcedures } from "./team-admin.router.js";
