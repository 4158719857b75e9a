# SPDX-License-Identifier: GPL-3.0-or-later
# moc, run by the build itself instead of AUTOMOC. AUTOMOC hands moc every include folder of
# its target, and moc then preprocesses each Qt and Eigen header that a class header names
# (0.5 to 1 s a header): the widget library's 79 headers took 64 s of one step that every file
# of the library waited for, in each build folder. A meta-object needs only the class's own
# declaration, so here moc reads each file alone (the output is the same byte for byte, the
# including path aside) in a build step of its own, which Ninja runs beside the compiles.

# ae_moc_headers(<target> [INCLUDES <header>...]): moc on every header among the target's
# sources (a header without Q_OBJECT, Q_GADGET or Q_NAMESPACE gives an empty file, so a class
# that gains one needs no change here), the results compiled together in one
# <target>_mocs.cpp, which includes the INCLUDES first. Those stand in for what moc no longer
# reads: a Qt header may name, with Q_MOC_INCLUDE, a header that the meta-objects of classes
# derived from its own need (QWidget's need QScreen and QTextCursor). Call it after the
# target's last target_sources().
function(ae_moc_headers target)
    cmake_parse_arguments(ARG "" "" "INCLUDES" ${ARGN})
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    set(dir ${CMAKE_CURRENT_BINARY_DIR}/${target}_moc)
    set(outputs "")
    set(content "// Made by cmake/moc.cmake: the meta-objects of ${target}'s headers.\n")
    foreach(include IN LISTS ARG_INCLUDES)
        string(APPEND content "#include ${include}\n")
    endforeach()
    foreach(header IN LISTS sources)
        if(NOT header MATCHES "\\.h$")
            continue()
        endif()
        if(NOT IS_ABSOLUTE ${header})
            set(header ${source_dir}/${header})
        endif()
        file(RELATIVE_PATH name ${PROJECT_SOURCE_DIR} ${header})
        string(MAKE_C_IDENTIFIER ${name} id)
        set(output ${dir}/moc_${id}.cpp)
        add_custom_command(OUTPUT ${output}
            COMMAND Qt6::moc --no-notes -o ${output} ${header}
            DEPENDS ${header} Qt6::moc
            COMMENT "Running moc on ${name}"
            VERBATIM)
        list(APPEND outputs ${output})
        string(APPEND content "#include \"moc_${id}.cpp\"\n")
    endforeach()
    file(CONFIGURE OUTPUT ${dir}/${target}_mocs.cpp CONTENT "${content}")
    # Listed so that the build makes them before compiling the file that includes them.
    set_source_files_properties(${outputs} PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE ${outputs} ${dir}/${target}_mocs.cpp)
endfunction()

# ae_moc_own_classes(<target> <source> <name>): the suite's <name>.moc, which its source
# includes, made by moc from the source alone. A test suite declares its test class in its own
# .cpp.
function(ae_moc_own_classes target source name)
    set(dir ${CMAKE_CURRENT_BINARY_DIR}/${target}_moc)
    add_custom_command(OUTPUT ${dir}/${name}.moc
        COMMAND Qt6::moc --no-notes -o ${dir}/${name}.moc ${source}
        DEPENDS ${source} Qt6::moc
        COMMENT "Running moc on ${name}.cpp"
        VERBATIM)
    target_sources(${target} PRIVATE ${dir}/${name}.moc)
    target_include_directories(${target} PRIVATE ${dir})
endfunction()
