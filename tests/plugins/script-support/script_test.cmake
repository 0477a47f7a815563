# script_plugin_test(<target> SOURCES <src>...): a test of the card-script plugins (format-classic,
# keyword-damage, value-count, effect-drawback). All four are loaded from their build output, as
# the CLI loads them, and found by each other only through the registry.
include_guard(GLOBAL)

function(script_plugin_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  anvil_add_test(${target} SOURCES ${ARG_SOURCES})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_FUNCTION_LIST_DIR})
  target_compile_definitions(${target} PRIVATE
    FORMAT_CLASSIC_PLUGIN="$<TARGET_FILE:format-classic>"
    KEYWORD_DAMAGE_PLUGIN="$<TARGET_FILE:keyword-damage>"
    VALUE_COUNT_PLUGIN="$<TARGET_FILE:value-count>"
    EFFECT_DRAWBACK_PLUGIN="$<TARGET_FILE:effect-drawback>"
    SCRIPT_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/plugins/format-classic/data")
  add_dependencies(${target} format-classic keyword-damage value-count effect-drawback)
endfunction()
