# bones_add_plugin(NAME SOURCES...): a game plugin NAME.so in the build's plugin folder,
# plus NAME_obj, the same objects for tests that call the entry directly.
function(bones_add_plugin name)
  add_library(${name}_obj OBJECT ${ARGN})
  target_link_libraries(${name}_obj PUBLIC bones_sdk_headers)
  set_target_properties(${name}_obj PROPERTIES POSITION_INDEPENDENT_CODE ON
                        C_VISIBILITY_PRESET hidden)
  add_library(${name} MODULE $<TARGET_OBJECTS:${name}_obj>)
  target_link_libraries(${name} PRIVATE bones_sdk_headers m)
  set_target_properties(${name} PROPERTIES PREFIX "" OUTPUT_NAME ${name}
                        LIBRARY_OUTPUT_DIRECTORY "${BONES_BUILD_PLUGIN_DIR}")
  install(TARGETS ${name} LIBRARY DESTINATION "${BONES_PLUGIN_INSTALL_DIR}")
  set_property(GLOBAL APPEND PROPERTY BONES_PLUGINS ${name})
endfunction()
