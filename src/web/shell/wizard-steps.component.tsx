import { Badge, Group, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface WizardStep {
  value: string;
  label: string;
  /** Not reachable yet (e.g. the mapping before a file is read). */
  disabled?: boolean;
}

/**
 * Spec 2.2's wizard step list: the clicked step becomes current and the one it leaves is marked
 * done; the hidden field named "target" holds the current step's value, for the form around it.
 */
export function useWizard(first: string) {
  const [current, setCurrent] = useState(first);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  return {
    current,
    done,
    go(step: string) {
      if (step === current) return;
      setDone(new Set([...done, current]));
      setCurrent(step);
    },
    reset() {
      setDone(new Set());
      setCurrent(first);
    },
  };
}

export function WizardSteps({
  steps,
  wizard,
  label,
}: {
  steps: WizardStep[];
  wizard: ReturnType<typeof useWizard>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      <input type="hidden" name="target" value={wizard.current} />
      <Group component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => {
          const current = step.value === wizard.current;
          const done = !current && wizard.done.has(step.value);
          return (
            <li key={step.value}>
              <UnstyledButton
                onClick={() => wizard.go(step.value)}
                disabled={step.disabled}
                aria-current={current ? 'step' : undefined}
              >
                <Badge
                  size="lg"
                  variant={current ? 'filled' : 'default'}
                  leftSection={done ? <IconCheck size={14} aria-label={t('wizard.done')} /> : `${index + 1}.`}
                  style={{ textTransform: 'none', cursor: step.disabled ? 'not-allowed' : 'pointer' }}
                >
                  {step.label}
                </Badge>
              </UnstyledButton>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
