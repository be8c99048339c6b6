import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { useDeferredValue, useEffect, useState, type ChangeEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  loadPasswordDictionaries,
  passwordDictionariesLoaded,
  passwordStrength,
  strengthLevels,
  type StrengthLevel,
} from '../../shared/account/password';

const levelColor: Record<StrengthLevel, string> = { low: 'red', medium: 'orange', strong: 'teal', excellent: 'green' };

/**
 * A new password with its strength meter (low, medium, strong, excellent), told in words as well
 * as by the bar. Takes react-hook-form's register() props like any input.
 */
export function PasswordStrengthInput({ onChange, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const deferred = useDeferredValue(value);
  // The dictionaries download when the field first shows; the meter waits for them.
  const [ready, setReady] = useState(passwordDictionariesLoaded);
  useEffect(() => {
    void loadPasswordDictionaries().then(() => setReady(true));
  }, []);
  const level = deferred && ready ? passwordStrength(deferred) : null;
  const strength = level && t('password.strength', { level: t(`password.levels.${level}`) });
  return (
    <Stack gap={6}>
      <PasswordInput
        autoComplete="new-password"
        description={t('password.rules')}
        visibilityToggleButtonProps={{ 'aria-label': t('login.show_password') }}
        {...props}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setValue(event.currentTarget.value);
          onChange?.(event);
        }}
      />
      {level && (
        <Progress
          aria-label={strength ?? undefined}
          value={((strengthLevels.indexOf(level) + 1) / strengthLevels.length) * 100}
          color={levelColor[level]}
          size="sm"
        />
      )}
      <Text size="sm" aria-live="polite">
        {strength}
      </Text>
    </Stack>
  );
}

/** A form's resolver that waits for the dictionaries its password schema measures strength with. */
export function withPasswordDictionaries<Values extends FieldValues>(resolver: Resolver<Values>): Resolver<Values> {
  return async (...args) => {
    await loadPasswordDictionaries();
    return resolver(...args);
  };
}
