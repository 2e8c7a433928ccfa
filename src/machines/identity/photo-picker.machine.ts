import { assign, emit, fromPromise, setup } from 'xstate';

/** The photo types the server takes (it decides again from the bytes): the file inputs' accept list. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const photoProblems = {
  wrongType: 'Choose a JPEG, PNG or WebP photo.',
  unreadable: 'That file could not be read. Please choose it again.',
} as const;

export type PhotoPickerEvent = { type: 'photo.choose'; file: File };
export type PhotoPickerEmitted = { type: 'photo.chosen'; dataUrl: string };

/** Reads a chosen file as the data URL the upload call sends: the browser's FileReader, handed in by the view. */
export type PhotoReader = (file: File) => Promise<string>;

export interface PhotoPickerContext {
  read: PhotoReader;
  problem: string | undefined;
}

/**
 * One photo of the KYC screen (the ID's front or back, or the selfie from a file), chosen or dropped: a file of another
 * type is refused with the reason, an accepted one is read and handed on (`photo.chosen`), an unreadable one is
 * refused too. Choosing again always starts over.
 */
export const photoPickerMachine = setup({
  types: {
    context: {} as PhotoPickerContext,
    input: {} as { read: PhotoReader },
    events: {} as PhotoPickerEvent,
    emitted: {} as PhotoPickerEmitted,
  },
  actors: {
    readPhoto: fromPromise<string, { file: File; read: PhotoReader }>(({ input }) => input.read(input.file)),
  },
  guards: {
    isAcceptedImage: ({ event }) => acceptedImageTypes.some((type) => type === event.file.type),
  },
  actions: {
    refuseType: assign({ problem: photoProblems.wrongType }),
    refuseUnreadable: assign({ problem: photoProblems.unreadable }),
    clearProblem: assign({ problem: undefined }),
    handOn: emit((_, params: { dataUrl: string }) => ({ type: 'photo.chosen' as const, dataUrl: params.dataUrl })),
  },
}).createMachine({
  id: 'photoPicker',
  description:
    'One KYC photo chosen or dropped: a photo of a type the store takes is read and handed to the screen; another type, or a file that cannot be read, is refused with the reason.',
  context: ({ input }) => ({ read: input.read, problem: undefined }),
  initial: 'waiting',
  on: {
    'photo.choose': [
      {
        guard: 'isAcceptedImage',
        target: '.reading',
        description: 'A JPEG, PNG or WebP photo is chosen or dropped: it is read.',
        actions: 'clearProblem',
      },
      {
        target: '.refused',
        description: "Another kind of file: 'Choose a JPEG, PNG or WebP photo.'",
        actions: 'refuseType',
      },
    ],
  },
  states: {
    waiting: { description: 'Nothing chosen yet, or the last photo handed on: the picker waits.' },
    reading: {
      description: 'The chosen photo is being read.',
      invoke: {
        id: 'readPhoto',
        src: 'readPhoto',
        input: ({ context, event }) => {
          if (event.type !== 'photo.choose') throw new Error('readPhoto starts on photo.choose');
          return { file: event.file, read: context.read };
        },
        onDone: {
          target: 'waiting',
          description: 'Read: the photo is handed to the screen, which shows it and keeps it for the upload.',
          actions: { type: 'handOn', params: ({ event }) => ({ dataUrl: event.output }) },
        },
        onError: {
          target: 'refused',
          description: "The file could not be read: 'That file could not be read. Please choose it again.'",
          actions: 'refuseUnreadable',
        },
      },
    },
    refused: { description: 'The reason the last file was refused is shown until another is chosen.' },
  },
});
