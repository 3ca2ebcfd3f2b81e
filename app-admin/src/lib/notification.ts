export type NotificationForm = {
  message: string;
  adminsOnly: boolean;
  tenants: readonly string[];
  popup: boolean;
  newFunctionality: boolean;
};
export type NotificationErrors = { message?: 'messageRequired'; tenants?: 'tenantsRequired' };

export const emptyNotification: NotificationForm = {
  message: '',
  adminsOnly: false,
  tenants: [],
  popup: false,
  newFunctionality: false,
};

/** Spec §5: a message is needed; the contract also needs tenants unless it goes to admins only. */
export function validateNotification(form: NotificationForm): NotificationErrors {
  const errors: NotificationErrors = {};
  if (form.message.trim() === '') errors.message = 'messageRequired';
  if (!form.adminsOnly && form.tenants.length === 0) errors.tenants = 'tenantsRequired';
  return errors;
}

/** The body of the notify call; tenants are left out when the message is for admins only. */
export function notificationBody(form: NotificationForm) {
  return {
    message: form.message.trim(),
    admins_only: form.adminsOnly,
    tenants: form.adminsOnly ? [] : [...form.tenants],
    popup: form.popup,
    new_functionality: form.newFunctionality,
  };
}
