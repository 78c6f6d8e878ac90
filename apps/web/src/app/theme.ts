import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** A calm indigo ("palco") as the primary colour. */
const palco: MantineColorsTuple = [
  "#eef2ff",
  "#dde3ff",
  "#b9c4fb",
  "#93a3f7",
  "#7387f3",
  "#5e74f1",
  "#4c63e6",
  "#3d53cc",
  "#3449b7",
  "#263ba1",
];

export const theme = createTheme({
  primaryColor: "palco",
  primaryShade: { light: 6, dark: 5 },
  colors: { palco },
  defaultRadius: "md",
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "650" },
  cursorType: "pointer",
  components: {
    Button: { defaultProps: { radius: "md" } },
    TextInput: { defaultProps: { radius: "md" } },
    PasswordInput: { defaultProps: { radius: "md" } },
    Select: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { shadow: "none" } },
  },
});
