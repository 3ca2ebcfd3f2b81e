import { useCallback, useState } from 'react';

/** The spec's modal model: what a screen keeps in state to drive a `ConfirmDialog`. */
export type ModalState = {
  visible: boolean;
  title: string;
  content: string;
  warning: boolean;
};

/** The model of a modal that is not shown. */
export const closedModal: ModalState = { visible: false, title: '', content: '', warning: false };

/** The model of a shown modal with the given texts; `warning` defaults to false. */
export function showModal(input: { title: string; content: string; warning?: boolean }): ModalState {
  return { visible: true, title: input.title, content: input.content, warning: input.warning ?? false };
}

/** The model of a hidden modal: not visible, title and content emptied. */
export function hideModal(): ModalState {
  return { ...closedModal };
}

/** Local modal state with `show` and `hide`; spread `modal` into `<ConfirmDialog>`. */
export function useModal() {
  const [modal, setModal] = useState<ModalState>(closedModal);
  const show = useCallback((input: { title: string; content: string; warning?: boolean }) => {
    setModal(showModal(input));
  }, []);
  const hide = useCallback(() => setModal(hideModal()), []);
  return { modal, show, hide };
}
