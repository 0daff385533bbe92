/** The team module's public face: the only file of it that other modules and the app may import. */
export { forgetDeparture, reportRows } from "./departures.js";
export { Invitation } from "./invitation.entity.js";
export { InvitationSend } from "./invitation-send.entity.js";
export { invitationRegistrationHook } from "./invited-registration.js";
export { memberName } from "./team.presenter.js";
