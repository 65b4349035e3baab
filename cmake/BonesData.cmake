# bones_share_folder(SOURCE NAME): the folder SOURCE as share/bones/NAME, both in the
# build tree (a symbolic link, so edits need no rebuild) and in the install.
function(bones_share_folder source name)
  set(build_share "${CMAKE_BINARY_DIR}/${BONES_DATA_INSTALL_DIR}")
  file(MAKE_DIRECTORY "${build_share}")
  if(NOT EXISTS "${build_share}/${name}")
    file(CREATE_LINK "${source}" "${build_share}/${name}" SYMBOLIC)
  endif()
  install(DIRECTORY "${source}/" DESTINATION "${BONES_DATA_INSTALL_DIR}/${name}")
endfunction()
