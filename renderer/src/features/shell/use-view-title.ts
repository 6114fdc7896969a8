// The open view's title, for the top bar and the window title.
import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRoute } from 'vue-router'

export function useViewTitle() {
  const { t } = useI18n()
  const route = useRoute()
  return computed(() => (route.meta.view ? t(`titles.${route.meta.view}`) : ''))
}
