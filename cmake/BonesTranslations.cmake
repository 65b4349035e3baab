# Message catalogues (docs/translating.md). gettext's tools, from Debian's gettext.
find_program(BONES_MSGFMT msgfmt REQUIRED)
find_program(BONES_MSGCAT msgcat REQUIRED)
find_program(BONES_XGETTEXT xgettext REQUIRED)
find_program(BONES_MSGMERGE msgmerge REQUIRED)
set(BONES_LOCALE_INSTALL_DIR "${CMAKE_INSTALL_DATADIR}/locale")
# The keywords that mark a text: _ and P_ in the host, N_ for texts translated later,
# TR and TRN in plugins (bones/translate.h).
set(BONES_XGETTEXT_KEYWORDS --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=TR:2
    --keyword=TRN:2,3 --keyword=ngettext:1,2 --keyword=dgettext:2)

# bones_translations(DOMAIN PO_DIR LANGUAGE SOURCES...): the catalogues of one gettext
# domain. PO_DIR/LL.po (and parts LL-*.po, joined) becomes LL/LC_MESSAGES/DOMAIN.mo
# under share/locale, in the build tree and the install; for LANGUAGE JavaScript also
# DOMAIN.json, the catalogue as one JSON object for the browser (bones-po-json.sh). The test translations_DOMAIN
# extracts the texts SOURCES mark (xgettext LANGUAGE: C or JavaScript) and fails when
# a language leaves one untranslated or fuzzy. The target update_po_DOMAIN brings the
# .po files up to date with the sources, for translators.
function(bones_translations domain po_dir language)
  set(sources ${ARGN})
  file(GLOB po_files CONFIGURE_DEPENDS "${po_dir}/*.po")
  set(langs "")
  foreach(po IN LISTS po_files)
    get_filename_component(name "${po}" NAME_WE)
    string(REGEX REPLACE "-.*" "" lang "${name}")
    list(APPEND langs ${lang})
    list(APPEND po_of_${lang} "${po}")
  endforeach()
  list(REMOVE_DUPLICATES langs)
  set(mo_files "")
  foreach(lang IN LISTS langs)
    set(dir "${CMAKE_BINARY_DIR}/${BONES_LOCALE_INSTALL_DIR}/${lang}/LC_MESSAGES")
    set(joined "${CMAKE_CURRENT_BINARY_DIR}/${domain}-${lang}.po")
    set(outputs "${dir}/${domain}.mo")
    set(json_command "")
    if(language STREQUAL "JavaScript") # the browser reads DOMAIN.json (bones-po-json.sh)
      list(APPEND outputs "${dir}/${domain}.json")
      set(json_command COMMAND sh "${PROJECT_SOURCE_DIR}/cmake/bones-po-json.sh" ${lang}
          "${joined}" "${dir}/${domain}.json")
    endif()
    add_custom_command(OUTPUT ${outputs}
      COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
      COMMAND ${BONES_MSGCAT} --force-po --use-first -o "${joined}" ${po_of_${lang}}
      COMMAND ${BONES_MSGFMT} --check -o "${dir}/${domain}.mo" "${joined}"
      ${json_command}
      DEPENDS ${po_of_${lang}} "${PROJECT_SOURCE_DIR}/cmake/bones-po-json.sh"
      COMMENT "Compiling the ${lang} catalogue of ${domain}" VERBATIM)
    list(APPEND mo_files ${outputs})
    install(FILES ${outputs} DESTINATION "${BONES_LOCALE_INSTALL_DIR}/${lang}/LC_MESSAGES")
  endforeach()
  add_custom_target(catalogues_${domain} ALL DEPENDS ${mo_files})
  set_property(GLOBAL APPEND PROPERTY BONES_CATALOGUES catalogues_${domain})
  set(check "${PROJECT_SOURCE_DIR}/tests/check_translations.sh")
  if(BONES_BUILD_TESTS)
    add_test(NAME translations_${domain}
             COMMAND sh "${check}" "${domain}" "${po_dir}" "${language}" ${sources})
  endif()
  add_custom_target(update_po_${domain}
    COMMAND sh "${check}" --update "${domain}" "${po_dir}" "${language}" ${sources}
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}" VERBATIM)
endfunction()
