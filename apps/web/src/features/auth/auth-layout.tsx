import { Box, Card, Center, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Brand } from "@/kit/brand.tsx";
import { LanguageSwitcher } from "@/kit/language-switcher.tsx";
import { SuccessBanner } from "@/kit/success-banner.tsx";

type Props = { title: string; subtitle?: ReactNode; children: ReactNode };

/**
 * Centred card for the public pages (sign-in, password reset, activation) with the language switch. Everything sits
 * in a landmark (the switch in a `header`, the rest in `main`) so screen-reader users can jump straight to the form.
 */
export function AuthLayout({ title, subtitle, children }: Props) {
  return (
    <Box mih="100vh" bg="var(--palco-page-bg)">
      <Group component="header" justify="flex-end" p="md">
        <LanguageSwitcher />
      </Group>
      <Center component="main" px="md" pb={64} pt={{ base: 8, sm: 40 }}>
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Card withBorder radius="lg" p={{ base: "lg", sm: 32 }} shadow="xs">
            <SuccessBanner />
            <Title order={1} fz={22} fw={650}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={6}>
                {subtitle}
              </Text>
            )}
            <Box mt="lg">{children}</Box>
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
