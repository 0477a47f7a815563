# Which copy of a plugin a run uses (docs/cli.md, "Where plugins and packs are found"): a copy
# given with --plugin-dir comes before one in $ANVIL_HOME/plugins, which is then refused with a
# warning naming both; without --plugin-dir the installed copy is used; a bundled plugin is never
# replaced by a copy in a --plugin-dir.
#   cmake -DANVIL=<anvil> -DPLUGIN=<a test plugin .so> -DBUNDLED=<a bundled plugin .so>
#         -DWORK=<dir> -P plugin_precedence_test.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/home/plugins ${WORK}/dev ${WORK}/fork)
get_filename_component(name ${PLUGIN} NAME)
file(COPY ${PLUGIN} DESTINATION ${WORK}/home/plugins)
file(COPY ${PLUGIN} DESTINATION ${WORK}/dev)
file(COPY ${BUNDLED} DESTINATION ${WORK}/fork)
get_filename_component(bundled_name ${BUNDLED} NAME)
string(REGEX REPLACE "\\.so$" "" plugin "${name}")
string(REGEX REPLACE "\\.so$" "" bundled_plugin "${bundled_name}")

function(list_plugins)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ANVIL_HOME=${WORK}/home ${ANVIL} ${ARGN} plugins list
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "anvil ${ARGN} plugins list exited ${status}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

list_plugins(--plugin-dir ${WORK}/dev)
if(NOT out MATCHES "\n${plugin} [^\n]*${WORK}/dev/${name}")
  message(FATAL_ERROR "the --plugin-dir copy should be used:\n${out}")
endif()
if(NOT err MATCHES "plugin '${plugin}' \\(${WORK}/home/plugins/${name}\\): is already loaded from ${WORK}/dev/${name}")
  message(FATAL_ERROR "the installed copy should be refused, naming both files:\n${err}")
endif()

list_plugins()
if(NOT out MATCHES "\n${plugin} [^\n]*${WORK}/home/plugins/${name}" OR NOT err STREQUAL "")
  message(FATAL_ERROR "without --plugin-dir the installed copy should be used, quietly:\n${out}\n${err}")
endif()

list_plugins(--plugin-dir ${WORK}/fork)
if(out MATCHES "${WORK}/fork/" OR NOT err MATCHES "plugin '${bundled_plugin}' \\(${WORK}/fork/${bundled_name}\\): is already loaded from ")
  message(FATAL_ERROR "a bundled plugin should not be replaced:\n${out}\n${err}")
endif()
