import { atom } from 'jotai';

/** Saves a file the console fetched (the audit log's CSV) through the browser's download. Held in
 * an atom, so stories can record what would be saved instead of saving it. */
export type FileDownload = { save: (fileName: string, content: Blob) => void };

export const browserDownload: FileDownload = {
  save: (fileName, content) => {
    const url = URL.createObjectURL(content);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the file to the browser; the address is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};

export const fileDownloadAtom = atom<FileDownload>(browserDownload);
