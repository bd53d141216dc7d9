import { create } from "zustand";

/** Which auth dialog is open; the accounts feature renders the dialogs from this flag. */
type UiState = {
  loginOpen: boolean;
  openLogin: () => void;
  closeLogin: () => void;
};

export const useUiStore = create<UiState>()((set) => ({
  loginOpen: false,
  openLogin: () => set({ loginOpen: true }),
  closeLogin: () => set({ loginOpen: false }),
}));
