export type { ModalProps, ModalState } from './modal';
export { closedModal, hideModal, Modal, showModal, useModal } from './modal';
