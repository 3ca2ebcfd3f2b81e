import { describe, expect, it } from 'vitest';
import { closedModal, hideModal, showModal } from './confirm-state';

describe('closedModal', () => {
  it('is hidden with empty texts', () => {
    expect(closedModal).toEqual({ visible: false, title: '', content: '', warning: false });
  });
});

describe('showModal', () => {
  it('makes the modal visible with the given title, content and warning', () => {
    expect(showModal({ title: 'Delete credential', content: 'This cannot be undone.', warning: true })).toEqual({
      visible: true,
      title: 'Delete credential',
      content: 'This cannot be undone.',
      warning: true,
    });
  });

  it('is not a warning unless asked', () => {
    expect(showModal({ title: 'Pause SMS', content: 'Messages stop until unpaused.' }).warning).toBe(false);
  });
});

describe('hideModal', () => {
  it('sets visible to false and empties title and content', () => {
    const hidden = hideModal();
    expect(hidden.visible).toBe(false);
    expect(hidden.title).toBe('');
    expect(hidden.content).toBe('');
  });

  it('returns a fresh object so callers cannot change the closed model', () => {
    const hidden = hideModal();
    hidden.title = 'changed';
    expect(closedModal.title).toBe('');
  });
});
